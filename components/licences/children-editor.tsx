"use client";

import { ArrowDownIcon, ArrowUpIcon, PlusIcon, XIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";

type Option = { id: string; name: string };

/**
 * spec foundation §4 "Licence": the ordered children of a virtual licence; children are added from a
 * pool that hides those already assigned, removed, and moved up or down.
 */
export function ChildrenEditor({
  value,
  onChange,
  pool,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  pool: Option[];
}) {
  const t = useTranslations("licence");
  const [pick, setPick] = useState("");
  const available = pool.filter((p) => !value.includes(p.id));
  const nameOf = (id: string) => pool.find((p) => p.id === id)?.name ?? id;
  const move = (from: number, to: number) => {
    const next = [...value];
    const [item] = next.splice(from, 1);
    if (item !== undefined) next.splice(to, 0, item);
    onChange(next);
  };
  return (
    <fieldset className="grid gap-3" data-testid="children-editor">
      <legend className="mb-1 text-sm font-medium">{t("children")}</legend>
      {value.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("noChildren")}</p>
      ) : (
        <ol className="grid gap-2">
          {value.map((id, i) => (
            <li key={id} className="flex items-center gap-2 rounded-md border px-3 py-2 text-sm" data-testid="child">
              <span className="w-6 text-muted-foreground">{i + 1}.</span>
              <span className="flex-1">
                {nameOf(id)} <span className="text-xs text-muted-foreground">({id})</span>
              </span>
              <Button
                type="button"
                size="icon"
                variant="ghost"
                aria-label={`${t("moveUp")}: ${nameOf(id)}`}
                disabled={i === 0}
                onClick={() => move(i, i - 1)}
              >
                <ArrowUpIcon />
              </Button>
              <Button
                type="button"
                size="icon"
                variant="ghost"
                aria-label={`${t("moveDown")}: ${nameOf(id)}`}
                disabled={i === value.length - 1}
                onClick={() => move(i, i + 1)}
              >
                <ArrowDownIcon />
              </Button>
              <Button
                type="button"
                size="icon"
                variant="ghost"
                aria-label={`${t("remove")}: ${nameOf(id)}`}
                onClick={() => onChange(value.filter((v) => v !== id))}
              >
                <XIcon />
              </Button>
            </li>
          ))}
        </ol>
      )}
      <div className="flex gap-2">
        <NativeSelect
          className="w-72"
          value={pick}
          onChange={(e) => setPick(e.target.value)}
          aria-label={t("pool")}
          data-testid="child-pool"
        >
          <option value="">{t("pool")}</option>
          {available.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} ({p.id})
            </option>
          ))}
        </NativeSelect>
        <Button
          type="button"
          variant="secondary"
          disabled={!pick}
          onClick={() => {
            onChange([...value, pick]);
            setPick("");
          }}
          data-testid="add-child"
        >
          <PlusIcon />
          {t("addChild")}
        </Button>
      </div>
    </fieldset>
  );
}
