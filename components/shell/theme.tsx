"use client";

import { MoonIcon, SunIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";

import { THEME_KEY } from "./theme-init";

/** spec foundation §1: light and dark, kept in local browser storage. */
export function ThemeToggle() {
  const t = useTranslations("header");
  const [dark, setDark] = useState(false);
  useEffect(() => setDark(document.documentElement.classList.contains("dark")), []);
  const toggle = () => {
    const next = !dark;
    document.documentElement.classList.toggle("dark", next);
    localStorage.setItem(THEME_KEY, next ? "dark" : "light");
    setDark(next);
  };
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={toggle}
      aria-label={dark ? t("themeLight") : t("themeDark")}
      data-testid="theme-toggle"
    >
      {dark ? <SunIcon /> : <MoonIcon />}
    </Button>
  );
}
