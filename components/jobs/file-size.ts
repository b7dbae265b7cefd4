// spec operations §2 / §9: file sizes are shown in KB, rounded up
export function sizeInKb(bytes: number): number {
  return Math.ceil(bytes / 1024);
}
