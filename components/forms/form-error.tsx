"use client";

import { Alert, AlertDescription } from "@/components/ui/alert";
import type { ErrorEntry } from "@/lib/errors/app-error";
import { useErrorMessage } from "./use-error-message";

/**
 * spec foundation §7 "Server error lists appear in the validation list of the form": the errors of a form
 * that belong to no field, translated, one line each. `wrap` frames each ("Sign-in failed: {error}").
 */
export function FormError({ errors, wrap }: { errors: ErrorEntry[]; wrap?: (message: string) => string }) {
  const text = useErrorMessage();
  if (!errors.length) return null;
  const messages = [...new Set(errors.map((e) => (wrap ? wrap(text(e)) : text(e))))];
  return (
    <Alert variant="destructive" data-testid="form-errors">
      <AlertDescription>
        {messages.length === 1 ? (
          <p>{messages[0]}</p>
        ) : (
          <ul className="list-disc space-y-1 pl-4">
            {messages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        )}
      </AlertDescription>
    </Alert>
  );
}
