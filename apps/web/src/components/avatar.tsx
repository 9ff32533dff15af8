// The athlete's avatar (docs/profile.md, "Profile picture"): their picture when they have uploaded one, else the
// initials of their name (the first letter of each word), as before pictures existed.
import { initials } from '@stamina/core';
import { useAvatarUrl } from '../api/profile/avatar.ts';
import { cn } from '../lib/cn.ts';

export function Avatar({
  name,
  className,
  maxInitials = 2,
}: {
  name: string;
  /** Size and text size, e.g. 'h-10 w-10' or 'h-16 w-16 text-xl'. */
  className?: string;
  maxInitials?: number;
}) {
  const url = useAvatarUrl();
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent font-semibold text-accent-foreground',
        className,
      )}
    >
      {url ? (
        <img src={url} alt="" data-testid="avatar-picture" className="h-full w-full object-cover" />
      ) : (
        initials(name).slice(0, maxInitials) || 'A'
      )}
    </span>
  );
}
