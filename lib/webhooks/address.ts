import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { AppError } from "@/lib/errors/app-error";

/**
 * Issue 26 §1: a webhook may not reach into the installation's own network. Only public unicast addresses are allowed
 * (ipaddr.js's ranges: private, loopback, link-local, unique-local, carrier-grade NAT, reserved … are refused) unless
 * the operator allows them (WEBHOOK_ALLOW_PRIVATE=true). Checked when a webhook is saved and again for every attempt
 * on the address actually connected to (`guardedLookup`), so that a name that later resolves inward is refused too.
 */
export function privateAddressesAllowed(): boolean {
  return process.env.WEBHOOK_ALLOW_PRIVATE === "true";
}

/** Is this address (IPv4, IPv6, IPv4-mapped IPv6) a public unicast one? */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "unicast";
}

/** The URL's host as an address literal (without IPv6 brackets), or null when it is a name. */
function literalHost(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return isIP(host) ? host : null;
}

const LOCAL_NAME = /(^|\.)localhost\.?$/i;

export class AddressRefused extends Error {
  constructor(readonly address: string) {
    super(`address refused: ${address}`);
  }
}

/**
 * When a webhook is saved: a URL naming a refused address, `localhost`, or a name whose addresses include a refused
 * one answers 400 WebhookAddressRefused. A name that does not resolve now is accepted (its attempts will say why they
 * fail).
 */
export async function assertAllowedUrl(url: string): Promise<void> {
  if (privateAddressesAllowed()) return;
  const parsed = new URL(url);
  const literal = literalHost(parsed);
  const refuse = (address: string) => new AppError("WebhookAddressRefused", { host: parsed.hostname, address });
  if (literal) {
    if (!isPublicAddress(literal)) throw refuse(literal);
    return;
  }
  if (LOCAL_NAME.test(parsed.hostname)) throw refuse(parsed.hostname);
  const addresses = await new Promise<LookupAddress[]>((resolve) =>
    dnsLookup(parsed.hostname, { all: true }, (err, found) => resolve(err ? [] : found)),
  );
  const inward = addresses.find((a) => !isPublicAddress(a.address));
  if (inward) throw refuse(inward.address);
}

/** Before an attempt: the URL's literal address, when it has one, must be allowed (a name goes through guardedLookup). */
export function checkLiteralHost(url: URL): void {
  if (privateAddressesAllowed()) return;
  const literal = literalHost(url);
  if (literal && !isPublicAddress(literal)) throw new AddressRefused(literal);
  if (LOCAL_NAME.test(url.hostname)) throw new AddressRefused(url.hostname);
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The `lookup` of an attempt's socket: resolves as Node would and refuses the connection when any address found is not
 * allowed, so that the address checked is the address connected to (no DNS rebinding between check and connect).
 */
export function guardedLookup(hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback) {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    if (!privateAddressesAllowed()) {
      const inward = addresses.find((a) => !isPublicAddress(a.address));
      if (inward) return callback(new AddressRefused(inward.address), []);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), []);
    callback(null, first.address, first.family);
  });
}
