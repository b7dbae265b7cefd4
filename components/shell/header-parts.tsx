import { LogOutIcon, ShieldAlertIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { logoutAction } from "@/lib/account/sign-in-actions";

/** The header's sign-out button (both portals and the learn portal). */
export function LogoutButton({ label }: { label: string }) {
  return (
    <form action={logoutAction}>
      <Button type="submit" variant="ghost" size="icon" aria-label={label} data-testid="logout">
        <LogOutIcon />
      </Button>
    </form>
  );
}

/** Under the header while a Supersystem administrator acts as a system's deputy. */
export function DeputyBanner({ text }: { text: string }) {
  return (
    <div
      role="status"
      data-testid="deputy-banner"
      className="flex items-center justify-center gap-2 bg-warning px-4 py-1.5 text-sm font-medium text-warning-foreground"
    >
      <ShieldAlertIcon className="size-4" aria-hidden />
      {text}
    </div>
  );
}
