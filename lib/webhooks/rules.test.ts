import { describe, expect, it } from "vitest";
import { deliveryStateFilter, readDeliveryError, webhookState } from "./rules";

describe("webhookState", () => {
  it("tells enabled, failing, disabled by a user and disabled after failures apart", () => {
    const since = "2026-11-29T10:00:00.000Z";
    expect(webhookState({ enabled: true, disabledReason: null, failingSince: null })).toBe("enabled");
    expect(webhookState({ enabled: true, disabledReason: null, failingSince: since })).toBe("failing");
    expect(webhookState({ enabled: false, disabledReason: "Manual", failingSince: null })).toBe("disabled");
    expect(webhookState({ enabled: false, disabledReason: "Failing", failingSince: since })).toBe("disabledFailing");
  });
});

describe("readDeliveryError", () => {
  it("splits the code from its detail, which is kept as it is", () => {
    expect(readDeliveryError("Timeout")).toEqual({ code: "Timeout", detail: null });
    expect(readDeliveryError("Disabled")).toEqual({ code: "Disabled", detail: null });
    expect(readDeliveryError("AddressRefused: 10.0.0.7")).toEqual({ code: "AddressRefused", detail: "10.0.0.7" });
    expect(readDeliveryError("Network: ECONNREFUSED")).toEqual({ code: "Network", detail: "ECONNREFUSED" });
    expect(readDeliveryError("Network: invalid URL")).toEqual({ code: "Network", detail: "invalid URL" });
    expect(readDeliveryError("Status: 503")).toEqual({ code: "Status", detail: "503" });
    expect(readDeliveryError("Redirect")).toEqual({ code: "Redirect", detail: null });
    // the detail's own colons stay
    expect(readDeliveryError("Redirect: https://example.com:8443/hook")).toEqual({
      code: "Redirect",
      detail: "https://example.com:8443/hook",
    });
    expect(readDeliveryError("AddressRefused: ::1")).toEqual({ code: "AddressRefused", detail: "::1" });
  });

  it("keeps a text of no known code whole", () => {
    expect(readDeliveryError("Something else: entirely")).toEqual({ code: null, text: "Something else: entirely" });
  });
});

describe("deliveryStateFilter", () => {
  it("takes a state of the list, and nothing else", () => {
    expect(deliveryStateFilter("Failed")).toBe("Failed");
    expect(deliveryStateFilter(["Pending", "Failed"])).toBe("Pending");
    expect(deliveryStateFilter("failed")).toBeUndefined();
    expect(deliveryStateFilter(undefined)).toBeUndefined();
  });
});
