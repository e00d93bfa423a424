/** Customer service (联系客服): the hub's SUPPORT_URL / SUPPORT_EMAIL wherever the product offers help. */
export { SupportAlternatives, SupportLinks, SupportSection } from './support-links';
export { SupportLink } from './support-link';
export { supportHref, useSupport, type SupportContact } from './use-support';
