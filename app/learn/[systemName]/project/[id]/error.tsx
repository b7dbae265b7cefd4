"use client";

import { useParams } from "next/navigation";
import { learnPortalHref } from "@/components/learn/links";
import { PortalError } from "@/components/portal/portal-error";

/** An unexpected failure of a learn portal page: shown inside its frame, with retry and the way to the overview. */
export default function LearnPortalError({ error, retry }: { error: unknown; retry: () => void }) {
  const { systemName, id } = useParams<{ systemName: string; id: string }>();
  return <PortalError error={error} retry={retry} dashboardHref={learnPortalHref(decodeURIComponent(systemName), id)} />;
}
