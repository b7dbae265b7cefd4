"use client";

import { useTranslations } from "next-intl";
import { useId, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { LearnClusterChoice } from "@/lib/learn/clusters/schemas";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: (count: number) => string;
  /** several clusters (merge) or one (move to) */
  multiple: boolean;
  choices: LearnClusterChoice[];
  userId: string;
  pending: boolean;
  onConfirm: (ids: string[]) => void;
  testId: string;
};

/**
 * Choosing clusters of the project (merge with, move to): a filter by number or name, then checkboxes or radio buttons;
 * a cluster another user holds the lock of cannot be chosen. A Radix dialog: focus stays inside until it closes.
 */
export function ClusterChoiceDialog(props: Props) {
  const t = useTranslations("learnPortal");
  const id = useId();
  const [filter, setFilter] = useState("");
  const [chosen, setChosen] = useState<string[]>([]);
  const shown = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return q
      ? props.choices.filter(
          (c) =>
            String(c.number) === q.replace(/^#/, "") ||
            (c.name ?? t("clusterNumber", { number: c.number })).toLowerCase().includes(q),
        )
      : props.choices;
  }, [filter, props.choices, t]);
  const toggle = (clusterId: string, on: boolean) =>
    setChosen((old) =>
      props.multiple ? (on ? [...old, clusterId] : old.filter((x) => x !== clusterId)) : on ? [clusterId] : [],
    );
  const change = (open: boolean) => {
    if (!open) {
      setChosen([]);
      setFilter("");
    }
    props.onOpenChange(open);
  };

  return (
    <Dialog open={props.open} onOpenChange={change}>
      <DialogContent closeLabel={t("close")} data-testid={props.testId}>
        <DialogHeader>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogDescription>{props.description}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-filter`}>{t("filterClusters")}</Label>
          <Input id={`${id}-filter`} value={filter} onChange={(e) => setFilter(e.target.value)} autoComplete="off" />
        </div>
        <fieldset className="max-h-72 overflow-y-auto rounded-md border p-2">
          <legend className="sr-only">{props.title}</legend>
          {shown.length === 0 ? (
            <p className="p-2 text-sm text-muted-foreground">{t("noClustersFound")}</p>
          ) : (
            <ul className="grid gap-1">
              {shown.map((c) => {
                const blocked = c.locked && c.lockedById !== props.userId;
                const inputId = `${id}-${c.id}`;
                const checked = chosen.includes(c.id);
                return (
                  <li key={c.id} className="flex items-center gap-2 rounded px-2 py-1 hover:bg-accent">
                    {props.multiple ? (
                      <Checkbox
                        id={inputId}
                        checked={checked}
                        disabled={blocked}
                        onCheckedChange={(on) => toggle(c.id, on === true)}
                      />
                    ) : (
                      <input
                        type="radio"
                        id={inputId}
                        name={`${id}-target`}
                        className="size-4 accent-primary"
                        checked={checked}
                        disabled={blocked}
                        onChange={(e) => toggle(c.id, e.target.checked)}
                      />
                    )}
                    <Label htmlFor={inputId} className="min-w-0 flex-1 font-normal">
                      {c.name === null ? (
                        <span className="truncate">{t("clusterNumber", { number: c.number })}</span>
                      ) : (
                        <>
                          <span className="text-muted-foreground tabular-nums">#{c.number}</span>
                          <span className="truncate">{c.name}</span>
                        </>
                      )}
                      <span className="ml-auto text-xs text-muted-foreground tabular-nums">
                        {blocked ? t("lockedBy", { user: c.lockedBy ?? "?" }) : t("documentsCount", { count: c.size })}
                      </span>
                    </Label>
                  </li>
                );
              })}
            </ul>
          )}
        </fieldset>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t("cancel")}</Button>
          </DialogClose>
          <Button
            disabled={chosen.length === 0 || props.pending}
            onClick={() => props.onConfirm(chosen)}
            data-testid={`${props.testId}-confirm`}
          >
            {props.confirmLabel(chosen.length)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
