/** An upload's progress bar with its text ("Uploading … 42 %"), shown while a form sends a file. */
export function UploadProgress({ percent, label }: { percent: number; label: string }) {
  return (
    <div className="grid gap-1" data-testid="upload-progress">
      <div
        className="h-2 overflow-hidden rounded bg-muted"
        role="progressbar"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label={label}
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-muted-foreground">{label}</p>
    </div>
  );
}
