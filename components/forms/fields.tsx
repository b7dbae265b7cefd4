"use client";

import type { ComponentProps, ReactNode } from "react";
import { type FieldPath, type FieldValues, useFormContext } from "react-hook-form";
import { Checkbox } from "@/components/ui/checkbox";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";

type Common<T extends FieldValues> = {
  name: FieldPath<T>;
  label: string;
  /** the control's id; defaults to the field's name */
  id?: string;
  description?: ReactNode;
  className?: string;
};

/** A text input with its label, description and messages (the form's one field pattern). */
export function TextField<T extends FieldValues>({
  name,
  label,
  id,
  description,
  className,
  ...input
}: Common<T> & Omit<ComponentProps<typeof Input>, "name" | "id" | "value" | "defaultValue">) {
  const { control } = useFormContext<T>();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem id={id ?? name} className={className} described={!!description}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input {...input} {...field} value={field.value ?? ""} />
          </FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** A number input (empty is NaN, which the schema reports as required). */
export function NumberField<T extends FieldValues>({
  name,
  label,
  id,
  description,
  className,
  ...input
}: Common<T> & Omit<ComponentProps<typeof Input>, "name" | "id" | "value" | "defaultValue" | "type">) {
  const { control } = useFormContext<T>();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem id={id ?? name} className={className} described={!!description}>
          <FormLabel>{label}</FormLabel>
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
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

export function TextareaField<T extends FieldValues>({
  name,
  label,
  id,
  description,
  className,
  ...input
}: Common<T> & Omit<ComponentProps<typeof Textarea>, "name" | "id" | "value" | "defaultValue">) {
  const { control } = useFormContext<T>();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem id={id ?? name} className={className} described={!!description}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Textarea {...input} {...field} value={field.value ?? ""} />
          </FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** A checkbox with its label to the right. */
export function CheckboxField<T extends FieldValues>({
  name,
  label,
  id,
  disabled,
}: Omit<Common<T>, "description" | "className"> & { disabled?: boolean }) {
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
