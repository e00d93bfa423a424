/** Ids, short ids and keys in a page's address are URL-safe tokens; anything else is not looked up. */
export const ADDRESS_TOKEN = /^[A-Za-z0-9_-]{1,200}$/;

/** A query parameter of a page's address when it is such a token, else undefined. */
export function tokenParam(url: URL, name: string): string | undefined {
  const value = url.searchParams.get(name);
  return value && ADDRESS_TOKEN.test(value) ? value : undefined;
}
