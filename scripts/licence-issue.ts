/**
 * Issues a licence file (DESIGN.md "Licence file").
 *
 *   npm run licence:issue -- --key <private key file> --in <description.json> [--out <licence file>]
 *   npm run licence:issue -- --generate-keys
 *
 * The private key file holds a base64 PKCS#8 DER or a PEM Ed25519 private key. The description is a licence
 * document as JSON ({ id, customer, name, expiration, station, mac, issued, features }); it is validated, signed
 * and written as a licence file (base64) to --out, or to stdout. --generate-keys prints a new key pair as JSON:
 * publicKey (base64 raw 32 bytes, for LICENCE_PUBLIC_KEYS) and privateKey (base64 PKCS#8 DER; keep it secret).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { AppError } from "@/lib/errors/app-error";
import { encodeLicenceFile, generateKeyPair, type LicenceDocument, publicKeyOf, signLicence } from "@/lib/licences/file";

const USAGE = `Usage:
  npm run licence:issue -- --key <private key file> --in <description.json> [--out <licence file>]
  npm run licence:issue -- --generate-keys`;

class UsageError extends Error {}

function readText(file: string, what: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (cause) {
    throw new UsageError(`Cannot read the ${what} ${file}: ${(cause as Error).message}`);
  }
}

function main(argv: string[]): void {
  let values: { key?: string; in?: string; out?: string; "generate-keys"?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        key: { type: "string" },
        in: { type: "string" },
        out: { type: "string" },
        "generate-keys": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (cause) {
    throw new UsageError((cause as Error).message);
  }

  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (values["generate-keys"]) {
    if (values.key || values.in || values.out) throw new UsageError("--generate-keys takes no other option.");
    process.stdout.write(`${JSON.stringify(generateKeyPair(), null, 2)}\n`);
    return;
  }

  const missing = [!values.key && "--key <private key file>", !values.in && "--in <description.json>"].filter(Boolean);
  if (missing.length > 0) throw new UsageError(`Missing ${missing.join(" and ")}.`);

  const privateKey = readText(values.key as string, "private key file");
  const descriptionText = readText(values.in as string, "description");
  let description: unknown;
  try {
    description = JSON.parse(descriptionText);
  } catch (cause) {
    throw new UsageError(`The description ${values.in} is not JSON: ${(cause as Error).message}`);
  }

  let publicKey: string;
  try {
    publicKey = publicKeyOf(privateKey);
  } catch (cause) {
    throw new UsageError(`${(cause as Error).message} (${values.key})`);
  }
  // signLicence validates with ZLicenceDocument and throws AppError LicenceInvalid {reason}
  const file = signLicence(description as LicenceDocument, privateKey);
  const encoded = `${encodeLicenceFile(file)}\n`;
  if (values.out) {
    writeFileSync(values.out, encoded);
    process.stderr.write(`Licence ${file.id} written to ${values.out}; verify it with public key ${publicKey}\n`);
  } else {
    process.stdout.write(encoded);
  }
}

try {
  main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    process.stderr.write(`${error.message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  if (error instanceof AppError && error.code === "LicenceInvalid") {
    process.stderr.write(`The description is not a valid licence document: ${error.entries[0]?.params?.reason ?? ""}\n`);
    process.exit(1);
  }
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
