import type { ReactNode } from "react";
import { ThemeToggle } from "@/components/shell/theme";
import { BackButton } from "./back-button";

type Content = { icon: ReactNode; title: string; message: string; children?: ReactNode };

/** A message with its way on (buttons as children): the body of the not-found, forbidden and error pages. */
export function MessageContent({ icon, title, message, children }: Content) {
  return (
    <div className="flex flex-col items-center justify-center gap-4 py-12 text-center" data-testid="message-page">
      <div className="text-muted-foreground">{icon}</div>
      <h1 className="text-2xl font-semibold wrap-anywhere">{title}</h1>
      <p className="max-w-md text-muted-foreground">{message}</p>
      <div className="flex flex-wrap justify-center gap-2">{children}</div>
    </div>
  );
}

/** The frame of /forbidden and the not-found page outside a portal: a message and a button back. */
export function MessagePage({ icon, title, message, back }: { icon: ReactNode; title: string; message: string; back: string }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center p-6">
      <div className="absolute right-4 top-4">
        <ThemeToggle />
      </div>
      <MessageContent icon={icon} title={title} message={message}>
        <BackButton label={back} />
      </MessageContent>
    </main>
  );
}
