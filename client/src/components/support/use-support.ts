import { useSystemInfo } from '../../lib/api/system-info';

/** The customer-service contact the hub is configured with (SUPPORT_URL, SUPPORT_EMAIL). */
export interface SupportContact {
  url: string | null;
  email: string | null;
}

/**
 * The hub's support contact, from `system.info` (the footer's query, so no extra request):
 * `contact` is null when the install has none; `known` is false until the hub has answered.
 */
export function useSupport(): { contact: SupportContact | null; known: boolean } {
  const info = useSystemInfo();
  return { contact: info.data?.support ?? null, known: info.isSuccess };
}

/** Where a single 联系客服 link goes: the support page, else a mail to the support address. */
export function supportHref(contact: SupportContact): string {
  return contact.url ?? `mailto:${contact.email}`;
}
