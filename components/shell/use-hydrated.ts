"use client";

import { useEffect, useState } from "react";

/**
 * False until React has hydrated the page. Submit buttons stay disabled until then, so a form typed
 * into and sent before its handlers exist is never submitted natively (which would put its fields,
 * passwords included, into the URL).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
