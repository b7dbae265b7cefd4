"use client";

import { Alert, AlertDescription } from "@/components/ui/alert";

/** spec foundation §7: server error lists appear in the validation list of the form. */
export function FormErrors({ messages }: { messages: string[] }) {
  if (!messages.length) return null;
  return (
    <Alert variant="destructive" data-testid="form-errors">
      <AlertDescription>
        <ul className="list-disc space-y-1 pl-4">
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}
