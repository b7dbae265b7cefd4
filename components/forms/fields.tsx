"use client";

import type { ComponentProps, ReactNode } from "react";
import { type ControllerRenderProps, type FieldPath, type FieldValues, useFormContext } from "react-hook-form";
import { Checkbox } from "@/components/ui/checkbox";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";

type Frame<T extends FieldValues> = {
  name: FieldPath<T>;
  label: string;
  /** the control's id; defaults to the field's name */
  id?: string;
  description?: ReactNode;
  className?: string;
};

/** The props of an input element that its field sets itself. */
type OwnInputProps = "name" | "id" | "value" | "defaultValue";

function splitFrame<T extends FieldValues, Rest extends object>(props: Frame<T> & Rest): [Frame<T>, Rest] {
  const { name, label, id, description, className, ...rest } = props;
  return [{ name, label, id, description, className }, rest as Rest];
}

/**
 * The form's one field pattern: label, the control, description and every message, wired by id. `children`
 * renders the control of the field inside a FormControl (which gives it id, aria-invalid and aria-describedby).
 */
export function FieldFrame<T extends FieldValues>({
  name,
  label,
  id,
  description,
  className,
  children,
}: Frame<T> & { children: (field: ControllerRenderProps<T, FieldPath<T>>) => ReactNode }) {
  const { control } = useFormContext<T>();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem id={id ?? name} className={className} described={!!description}>
          <FormLabel>{label}</FormLabel>
          {children(field)}
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** A text input. */
export function TextField<T extends FieldValues>(props: Frame<T> & Omit<ComponentProps<typeof Input>, OwnInputProps>) {
  const [frame, input] = splitFrame(props);
  return (
    <FieldFrame<T> {...frame}>
      {(field) => (
        <FormControl>
          <Input {...input} {...field} value={field.value ?? ""} />
        </FormControl>
      )}
    </FieldFrame>
  );
}

/** A number input (empty is NaN, which the schema reports as required). */
export function NumberField<T extends FieldValues>(props: Frame<T> & Omit<ComponentProps<typeof Input>, OwnInputProps | "type">) {
  const [frame, input] = splitFrame(props);
  return (
    <FieldFrame<T> {...frame}>
      {(field) => (
        <FormControl>
          <Input
            type="number"
            inputMode="numeric"
            {...input}
            {...field}
            value={Number.isNaN(field.value) ? "" : (field.value ?? "")}
            onChange={(e) => field.onChange(e.target.value === "" ? Number.NaN : Number(e.target.value))}
          />
        </FormControl>
      )}
    </FieldFrame>
  );
}

export function TextareaField<T extends FieldValues>(props: Frame<T> & Omit<ComponentProps<typeof Textarea>, OwnInputProps>) {
  const [frame, textarea] = splitFrame(props);
  return (
    <FieldFrame<T> {...frame}>
      {(field) => (
        <FormControl>
          <Textarea {...textarea} {...field} value={field.value ?? ""} />
        </FormControl>
      )}
    </FieldFrame>
  );
}

/**
 * A value the form sends but nobody edits here (what identifies the thing being updated): shown as text, not as a
 * control that looks editable. An `<output>`, so the label still names it and the server's error for it shows below.
 */
export function ReadOnlyField<T extends FieldValues>(props: Frame<T> & { text: string }) {
  const [frame, { text }] = splitFrame(props);
  return (
    <FieldFrame<T> {...frame}>
      {() => (
        <FormControl>
          <output className="block text-sm font-medium break-all" data-readonly="">
            {text}
          </output>
        </FormControl>
      )}
    </FieldFrame>
  );
}

/** A select of fixed options (the browser's own); `emptyLabel` adds an option for the empty value (""). */
export function SelectField<T extends FieldValues>(
  props: Frame<T> & {
    options: readonly { value: string; label: string }[];
    emptyLabel?: string;
    disabled?: boolean;
    /** the select's width; the whole column by default */
    selectClassName?: string;
  },
) {
  const [frame, { options, emptyLabel, disabled, selectClassName = "w-full" }] = splitFrame(props);
  return (
    <FieldFrame<T> {...frame}>
      {(field) => (
        <FormControl>
          <NativeSelect
            className={selectClassName}
            {...field}
            value={field.value ?? ""}
            onChange={(e) => field.onChange(e.target.value)}
            disabled={disabled}
          >
            {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        </FormControl>
      )}
    </FieldFrame>
  );
}

/** A checkbox with its label to the right. */
export function CheckboxField<T extends FieldValues>({
  name,
  label,
  id,
  disabled,
}: Omit<Frame<T>, "description" | "className"> & { disabled?: boolean }) {
  const { control } = useFormContext<T>();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem id={id ?? name} className="flex items-center gap-2">
          <FormControl>
            <Checkbox
              checked={field.value}
              disabled={disabled}
              onCheckedChange={(on) => field.onChange(on === true)}
              data-testid={`check-${name}`}
            />
          </FormControl>
          <Label htmlFor={id ?? name} className="font-normal">
            {label}
          </Label>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
