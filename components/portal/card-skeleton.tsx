import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

/** The place of a card while its data loads (a <Suspense> fallback). */
export function CardSkeleton({ lines = 3, label }: { lines?: number; label: string }) {
  return (
    <Card className="min-w-0" aria-busy="true">
      <span className="sr-only">{label}</span>
      <CardHeader>
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-4 w-3/4" />
      </CardHeader>
      <CardContent className="grid gap-2">
        {Array.from({ length: lines }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <Skeleton key={i} className="h-4 w-2/3" />
        ))}
      </CardContent>
    </Card>
  );
}
