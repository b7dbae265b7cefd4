import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { AddressRefused, guardedLookup, isPublicAddress } from "./address";
import { deliveryBody } from "./deliveries";
import { attemptDelivery } from "./send";

afterEach(() => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
});

const SECRET = `whsec_${Buffer.alloc(24, 7).toString("base64")}`;

describe("which addresses a webhook may reach", () => {
  it.each([
    ["8.8.8.8", true],
    ["2a00:1450:4001::1", true],
    ["10.0.0.1", false],
    ["172.16.5.4", false],
    ["192.168.1.1", false],
    ["127.0.0.1", false],
    ["169.254.169.254", false],
    ["100.64.0.1", false],
    ["0.0.0.0", false],
    ["::1", false],
    ["fe80::1", false],
    ["fd00::1", false],
    ["::ffff:127.0.0.1", false],
    ["::ffff:10.0.0.1", false],
    ["not an address", false],
  ])("%s → %s", (address, allowed) => {
    expect(isPublicAddress(address)).toBe(allowed);
  });

  it("the socket's lookup refuses a name that resolves inward, unless the operator allows it", async () => {
    const lookup = (options: { all?: boolean }) =>
      new Promise<{ err: Error | null; address: unknown }>((resolve) =>
        guardedLookup("localhost", options, (err, address) => resolve({ err, address })),
      );
    const refused = await lookup({});
    expect(refused.err).toBeInstanceOf(AddressRefused);
    process.env.WEBHOOK_ALLOW_PRIVATE = "true";
    expect((await lookup({})).address).toMatch(/^(127\.0\.0\.1|::1)$/);
    expect(await lookup({ all: true })).toMatchObject({
      err: null,
      address: [expect.objectContaining({ family: expect.any(Number) })],
    });
  });
});

describe("an attempt", () => {
  it("ends after its timeout when the receiver never answers, and never follows a redirect", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "true";
    let redirect = false;
    const server = http.createServer((_req, res) => {
      if (redirect) res.writeHead(307, { location: "http://127.0.0.1:1/" }).end();
      // else: no answer at all
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      const slow = await attemptDelivery({ url, id: "msg_1", body: "{}", secrets: [SECRET], timeoutMs: 300 });
      expect(slow).toMatchObject({ ok: false, status: null, error: "Timeout" });
      expect(slow.durationMs).toBeGreaterThanOrEqual(290);
      redirect = true;
      const moved = await attemptDelivery({ url, id: "msg_2", body: "{}", secrets: [SECRET] });
      expect(moved).toMatchObject({ ok: false, status: 307, error: "Redirect: http://127.0.0.1:1/" });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("to a literal private address is refused before any connection; a closed port fails as Network", async () => {
    expect(await attemptDelivery({ url: "http://127.0.0.1:9/", id: "m", body: "{}", secrets: [SECRET] })).toMatchObject({
      ok: false,
      error: "AddressRefused: 127.0.0.1",
    });
    process.env.WEBHOOK_ALLOW_PRIVATE = "true";
    const closed = await attemptDelivery({ url: "http://127.0.0.1:9/", id: "m", body: "{}", secrets: [SECRET] });
    expect(closed).toMatchObject({ ok: false, status: null, error: "Network: ECONNREFUSED" });
  });
});

describe("a delivery's body", () => {
  it("is { type, timestamp, data } with errorCode only when there is one, links under the service URL", () => {
    const body = deliveryBody(
      {
        event: "job.error",
        created: new Date("2026-11-29T10:00:00Z"),
        data: { jobId: 7, systemId: "s", projectId: null, state: "Error", client: "", clientInfo: "", errorCode: "NoText" },
      },
      "https://docs.example.com/",
    );
    expect(JSON.parse(body)).toEqual({
      type: "job.error",
      timestamp: "2026-11-29T10:00:00.000Z",
      data: {
        jobId: 7,
        systemId: "s",
        projectId: null,
        state: "Error",
        client: "",
        clientInfo: "",
        errorCode: "NoText",
        links: { job: "https://docs.example.com/api/jobs/7", result: "https://docs.example.com/api/jobs/7/download" },
      },
    });
  });
});
