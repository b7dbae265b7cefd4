"use client";

import { type FieldPath, type FieldValues, useController, useFormState } from "react-hook-form";
import { useErrorMessage } from "@/components/forms/use-error-message";
import { Checkbox } from "@/components/ui/checkbox";
import { FieldMessages } from "@/components/ui/form";
import { Label } from "@/components/ui/label";
import { messageToEntry } from "@/lib/errors/issues";

/**
 * A checkbox of a group (weekdays, triggers) whose rule reports on the group: its message shows under the group
 * (GroupMessage), not beside the one box the schema names. `inverted`: checked while the value is false (enabled).
 */
export function GroupCheckbox<T extends FieldValues>({
  name,
  label,
  inverted = false,
  describedBy,
}: {
  name: FieldPath<T>;
  label: string;
  inverted?: boolean;
  /** the id of the group's message */
  describedBy?: string;
}) {
  const { field, fieldState } = useController<T>({ name });
  const value = Boolean(field.value);
  const id = `check-${name}`;
  return (
    <div className="flex items-center gap-2">
      <Checkbox
        id={id}
        checked={inverted ? !value : value}
        onCheckedChange={(on) => field.onChange((on === true) !== inverted)}
        onBlur={field.onBlur}
        ref={field.ref}
        aria-invalid={fieldState.invalid || undefined}
        aria-describedby={describedBy}
        data-testid={id}
      />
      <Label htmlFor={id} className="font-normal">
        {label}
      </Label>
    </div>
  );
}

/** The messages of `name`'s error, translated, under a group of controls. */
export function GroupMessage<T extends FieldValues>({ name, id }: { name: FieldPath<T>; id: string }) {
  const { errors } = useFormState<T>({ name });
  const text = useErrorMessage();
  const error = errors[name];
  const raw = error
    ? Object.values(error.types ?? {}).flatMap((v) => (typeof v === "string" ? [v] : Array.isArray(v) ? v : []))
    : [];
  const all = raw.length ? raw : typeof error?.message === "string" ? [error.message] : [];
  const messages = [...new Set(all.map((m) => text(messageToEntry(m))))];
  return <FieldMessages id={id} messages={messages} data-testid={`error-${name}`} />;
}
