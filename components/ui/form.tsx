"use client";

import { Slot } from "radix-ui";
import * as React from "react";
import {
  Controller,
  type ControllerProps,
  type FieldError,
  type FieldPath,
  type FieldValues,
  FormProvider,
  useFormContext,
  useFormState,
} from "react-hook-form";
import { useErrorMessage } from "@/components/forms/use-error-message";
import { Label } from "@/components/ui/label";
import { messageToEntry } from "@/lib/errors/issues";
import { cn } from "@/lib/utils";

/**
 * shadcn's form primitives over react-hook-form: a field's label, control, description and message are
 * wired by id (aria-invalid, aria-describedby). The message shows every problem of the field, each on its
 * own line, translated from the codes the schema or the server named (lib/errors/issues.ts).
 */
const Form = FormProvider;

type FormFieldContextValue = { name: string };
const FormFieldContext = React.createContext<FormFieldContextValue | null>(null);

function FormField<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
>(props: ControllerProps<TFieldValues, TName>) {
  return (
    <FormFieldContext.Provider value={{ name: props.name }}>
      <Controller {...props} />
    </FormFieldContext.Provider>
  );
}

type FormItemContextValue = { id: string; described: boolean };
const FormItemContext = React.createContext<FormItemContextValue | null>(null);

function useFormField() {
  const fieldContext = React.useContext(FormFieldContext);
  const itemContext = React.useContext(FormItemContext);
  const { getFieldState } = useFormContext();
  if (!fieldContext || !itemContext) throw new Error("useFormField outside <FormField><FormItem>");
  const formState = useFormState({ name: fieldContext.name });
  const fieldState = getFieldState(fieldContext.name, formState);
  const { id, described } = itemContext;
  return {
    name: fieldContext.name,
    formItemId: id,
    described,
    formDescriptionId: `${id}-description`,
    formMessageId: `${id}-message`,
    ...fieldState,
  };
}

/**
 * `id` becomes the control's id (stable ids for labels and tests); otherwise one is made. `described`: the
 * item has a FormDescription, which the control then names in aria-describedby.
 */
function FormItem({ className, id, described = false, ...props }: React.ComponentProps<"div"> & { described?: boolean }) {
  const generated = React.useId();
  return (
    <FormItemContext.Provider value={{ id: id ?? generated, described }}>
      <div data-slot="form-item" className={cn("grid content-start gap-2", className)} {...props} />
    </FormItemContext.Provider>
  );
}

function FormLabel({ className, ...props }: React.ComponentProps<typeof Label>) {
  const { error, formItemId } = useFormField();
  return (
    <Label
      data-slot="form-label"
      data-error={!!error}
      className={cn("data-[error=true]:text-destructive", className)}
      htmlFor={formItemId}
      {...props}
    />
  );
}

function FormControl(props: React.ComponentProps<typeof Slot.Root>) {
  const { error, formItemId, formDescriptionId, formMessageId, described } = useFormField();
  const describedBy = [described ? formDescriptionId : "", error ? formMessageId : ""].filter(Boolean).join(" ");
  return (
    <Slot.Root
      data-slot="form-control"
      id={formItemId}
      aria-describedby={describedBy || undefined}
      aria-invalid={!!error}
      {...props}
    />
  );
}

function FormDescription({ className, ...props }: React.ComponentProps<"p">) {
  const { formDescriptionId } = useFormField();
  return (
    <p
      data-slot="form-description"
      id={formDescriptionId}
      className={cn("text-muted-foreground text-xs", className)}
      {...props}
    />
  );
}

/** Every message of a field error: the `types` of criteriaMode "all" (and of server errors), else its message. */
function messagesOf(error: FieldError | undefined): string[] {
  if (!error) return [];
  const fromTypes = Object.values(error.types ?? {}).flatMap((v) => (typeof v === "string" ? [v] : Array.isArray(v) ? v : []));
  const all = fromTypes.length ? fromTypes : error.message ? [error.message] : [];
  return [...new Set(all)];
}

function FormMessage(props: React.ComponentProps<"div">) {
  const { error, formMessageId, name } = useFormField();
  const text = useErrorMessage();
  const messages = [...new Set(messagesOf(error).map((m) => text(messageToEntry(m))))];
  return <FieldMessages id={formMessageId} messages={messages} data-testid={`error-${name}`} {...props} />;
}

/** The messages under a field, one line each (FormMessage; a field outside react-hook-form names its own). */
function FieldMessages({ messages, className, ...props }: React.ComponentProps<"div"> & { messages: string[] }) {
  if (!messages.length) return null;
  return (
    <div data-slot="form-message" className={cn("grid gap-1", className)} {...props}>
      {messages.map((m) => (
        <p key={m} className="text-destructive text-sm">
          {m}
        </p>
      ))}
    </div>
  );
}

export { FieldMessages, Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage, useFormField };
