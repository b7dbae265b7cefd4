"use client";

import { ArrowLeftIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";

/** Back to the previous page, or home when there is none (a link opened in a new tab). */
export function BackButton({ label }: { label: string }) {
  const router = useRouter();
  return (
    <Button type="button" variant="outline" onClick={() => (window.history.length > 1 ? router.back() : router.push("/"))}>
      <ArrowLeftIcon />
      {label}
    </Button>
  );
}
