"use client";

import {
  DownloadIcon,
  ExternalLinkIcon,
  EyeIcon,
  LockIcon,
  LockOpenIcon,
  type LucideIcon,
  PencilIcon,
  RotateCcwIcon,
  Trash2Icon,
} from "lucide-react";

/**
 * The icons that repeat in every row of a table (row actions, the job's lock), drawn once per page as SVG symbols
 * and shown by reference (`<use href="#icon-eye">`). A lucide icon is a tree of five to eight elements with a dozen
 * attributes; 25 job rows showed 150 of them, a tenth of the job monitor's server render (bench/RESULTS.md "Load").
 */
const SPRITE = new Map<LucideIcon, string>([
  [EyeIcon, "eye"],
  [DownloadIcon, "download"],
  [LockIcon, "lock"],
  [LockOpenIcon, "lock-open"],
  [RotateCcwIcon, "rotate-ccw"],
  [Trash2Icon, "trash-2"],
  [PencilIcon, "pencil"],
  [ExternalLinkIcon, "external-link"],
]);

const spriteId = (id: string) => `icon-${id}`;

/** The symbols, once per page (app/layout.tsx); out of sight and of the accessibility tree. */
export function IconSprite() {
  return (
    <svg aria-hidden="true" focusable="false" width="0" height="0" className="absolute" data-testid="icon-sprite">
      {[...SPRITE].map(([Icon, id]) => (
        <symbol key={id} id={spriteId(id)} viewBox="0 0 24 24">
          <Icon />
        </symbol>
      ))}
    </svg>
  );
}

/** A decorative icon: by reference when the sprite has it, else drawn as lucide draws it. */
export function SpriteIcon({ icon: Icon, className }: { icon: LucideIcon; className?: string }) {
  const id = SPRITE.get(Icon);
  if (!id) return <Icon aria-hidden="true" className={className} />;
  return (
    <svg aria-hidden="true" width="24" height="24" className={className ? `lucide ${className}` : "lucide"}>
      <use href={`#${spriteId(id)}`} />
    </svg>
  );
}
