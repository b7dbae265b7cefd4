import { AppError } from "@/lib/errors/app-error";

/** The cloud-licence source (CSB): where a cloud licence is fetched from, for adding, refreshing and testing. */

const TIMEOUT_MS = 15_000;

type Source = { url: string; customer: string; user: string; password: string };

/** DESIGN.md "Cloud-service (CSB) licence": GET {csbUrl}/api/licences/{csbSystem} with HTTP basic auth. */
export async function fetchCsbLicence(source: Source): Promise<string> {
  let url: URL;
  try {
    url = new URL(`${source.url.replace(/\/+$/, "")}/api/licences/${encodeURIComponent(source.customer)}`);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("not http(s)");
  } catch (error) {
    throw new AppError("LicenceSourceUnreachable", {
      problem: "invalidUrl",
      reason: error instanceof Error ? error.message : "invalid URL",
    });
  }
  let res: Response;
  try {
    res = await fetch(url, {
      headers: {
        authorization: `Basic ${Buffer.from(`${source.user}:${source.password}`).toString("base64")}`,
        accept: "text/plain",
      },
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: "manual",
    });
  } catch (error) {
    const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : "failed";
    throw new AppError("LicenceSourceUnreachable", { problem: "network", reason });
  }
  if (!res.ok) throw new AppError("LicenceSourceRefused", { status: res.status });
  const text = (await res.text()).trim();
  // the answer is a licence file; a JSON string around it is accepted too
  return text.startsWith('"') ? String(JSON.parse(text)) : text;
}
