/** The pricing content file, validated at build time (client/build/pricing-plugin.ts). */
declare module 'virtual:bianshi-pricing' {
  import type { Pricing } from '@bianshi/shared';
  const pricing: Pricing;
  export default pricing;
}
