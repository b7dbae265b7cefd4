import { NextIntlClientProvider } from "next-intl";
import { type ComponentProps, createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { LearnRunDto } from "@/lib/learn/runs/schemas";
import de from "@/messages/de-DE.json";
import en from "@/messages/en-US.json";
import { StatusProvider } from "../shell/status-bar";
import { LearnRunControl } from "./learn-run-control";

// the App Router is not mounted here: the control only asks it to refresh the page once a run has ended
vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => undefined }) }));

const run = (overrides: Partial<LearnRunDto> = {}): LearnRunDto => ({
  id: 7,
  projectId: "3b2a1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d",
  state: "Running",
  trigger: "Manual",
  onlyChanged: true,
  requestedBy: "maria",
  total: 300,
  done: 126,
  summary: null,
  errorCode: null,
  errorMessage: null,
  errorParameter: null,
  waitingFor: null,
  created: "2026-05-04T09:30:00.000Z",
  started: "2026-05-04T09:30:00.210Z",
  finished: null,
  ...overrides,
});

function render(props: ComponentProps<typeof LearnRunControl>, messages: object = en): string {
  return renderToStaticMarkup(
    createElement(
      NextIntlClientProvider,
      { locale: "en-US", messages, timeZone: "UTC" } as ComponentProps<typeof NextIntlClientProvider>,
      createElement(StatusProvider, null, createElement(LearnRunControl, props)),
    ),
  );
}

describe("LearnRunControl", () => {
  it("offers the two kinds of run as radio buttons in a fieldset with a legend, and the button", () => {
    const html = render({ projectId: run().projectId, latest: null });
    expect(html).toContain("<legend");
    expect(html.match(/type="radio"/g)).toHaveLength(2);
    expect(html).toMatch(/data-testid="learn-only-changed-true"[^>]*checked|checked[^>]*data-testid="learn-only-changed-true"/);
    expect(html).toContain("Learn now");
    expect(html).not.toMatch(/data-testid="learn-now"[^>]*disabled/);
  });

  it("shows an open run's progress as a progress bar with its numbers, and is off while it runs", () => {
    const html = render({ projectId: run().projectId, latest: run() });
    expect(html).toContain('role="progressbar"');
    expect(html).toContain('aria-valuenow="42"');
    expect(html).toContain("42 % (126 of 300 steps)");
    expect(html).toContain('aria-live="polite"');
    expect(html).toMatch(/<fieldset[^>]*disabled/);
    expect(html).toMatch(/<button[^>]*disabled[^>]*data-testid="learn-now"|data-testid="learn-now"[^>]*disabled/);
  });

  it("tells the last run's outcome, and why it is off (in German too)", () => {
    const ready = run({
      state: "Ready",
      done: 300,
      finished: "2026-05-04T09:30:04.870Z",
      summary: { documents: 100, placed: 98, newClusters: 3, changedClusters: 0, unclustered: 2 },
    });
    const html = render({ projectId: ready.projectId, latest: ready, disabledReason: "Deleted." });
    expect(html).toContain("Last run: Ready, 2026-05-04 09:30:04.");
    expect(html).toContain("100 documents, 98 placed, 3 new and 0 changed clusters, 2 in no cluster.");
    expect(html).toContain("Deleted.");
    const german = render({ projectId: ready.projectId, latest: run({ state: "Waiting", done: 0 }) }, de);
    expect(german).toContain("Wartet auf einen Lern-Worker");
    expect(german).toContain("Jetzt lernen");
  });
});
