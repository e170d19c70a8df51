/** Providers where dots in the local part are ignored (`j.doe@gmail.com` is `jdoe@gmail.com`). */
const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The mailbox an address delivers to, for counting "one mailbox once" (decision 0016): lower-cased,
 * `+tag` dropped from the local part at every provider, and at Gmail (googlemail.com is the same)
 * the dots dropped too. Sign-in still uses the address as typed; only rewards and mail caps use this.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf("+");
  // "+tag@x" alone has nothing before the tag: keep it whole rather than make an empty mailbox.
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    domain = "gmail.com";
    local = local.replaceAll(".", "") || local;
  }
  return `${local}@${domain}`;
}
