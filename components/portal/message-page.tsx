import type { ReactNode } from "react";
import { ThemeToggle } from "@/components/shell/theme";
import { BackButton } from "./back-button";

/** The frame of /forbidden and the not-found page: a message and a button back. */
export function MessagePage({ icon, title, message, back }: { icon: ReactNode; title: string; message: string; back: string }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <div className="absolute right-4 top-4">
        <ThemeToggle />
      </div>
      <div className="text-muted-foreground">{icon}</div>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="max-w-md text-muted-foreground">{message}</p>
      <BackButton label={back} />
    </main>
  );
}
