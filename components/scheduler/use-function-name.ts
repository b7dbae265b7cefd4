"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";

/** A task function's display name (messages `schedulerFunctions.<name>.name`); its technical name when unknown. */
export function useFunctionName(): (name: string) => string {
  const t = useTranslations("schedulerFunctions");
  return useCallback((name: string) => (t.has(`${name}.name`) ? t(`${name}.name` as never) : name), [t]);
}
