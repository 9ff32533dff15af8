// The app's one dialog shell on Radix Dialog (focus trapped, Escape closes, focus returns to the opener):
// overlay, panel layouts and widths, title, description and the close button. Every dialog and drawer
// composes these; only this file imports @radix-ui/react-dialog (biome.json, noRestrictedImports).
import * as Radix from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { buttonClasses } from './button.tsx';

export const Dialog = Radix.Root;
export const DialogClose = Radix.Close;
export const DialogTitle = Radix.Title;

const LAYOUTS = {
  /** A sheet from the bottom on phones, a centred card from `sm` up. */
  sheet:
    'inset-x-0 bottom-0 max-h-[92dvh] overflow-y-auto rounded-t-2xl border border-border shadow-xl sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl',
  /** The whole screen on phones, a centred card from `sm` up (editors, long flows). */
  screen:
    'inset-0 overflow-y-auto sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[92dvh] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:border sm:border-border sm:shadow-xl',
  /** A small centred card at every width (confirmations). */
  alert:
    'top-1/2 left-1/2 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border shadow-xl',
  /** A panel from the left edge (menus). */
  drawer: 'inset-y-0 left-0 flex w-80 max-w-[85vw] flex-col overflow-y-auto border-r border-border shadow-xl',
} as const;

const PADDINGS: Record<keyof typeof LAYOUTS, string> = {
  sheet: 'p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))]',
  screen: 'p-5',
  alert: 'p-5',
  drawer: 'p-4 pt-[max(1rem,env(safe-area-inset-top))]',
};

/** Widths in rem of sheets and screens from `sm` up (never wider than the viewport less 1rem a side). */
const WIDTHS = {
  32: 'sm:w-[min(32rem,calc(100vw-2rem))]',
  36: 'sm:w-[min(36rem,calc(100vw-2rem))]',
  40: 'sm:w-[min(40rem,calc(100vw-2rem))]',
  44: 'sm:w-[min(44rem,calc(100vw-2rem))]',
  64: 'sm:w-[min(64rem,calc(100vw-2rem))]',
} as const;

type ContentProps = Omit<ComponentPropsWithoutRef<typeof Radix.Content>, 'className'> & {
  layout: keyof typeof LAYOUTS;
  /** Width from `sm` up, for sheets and screens. */
  width?: keyof typeof WIDTHS;
  /** Replaces the layout's padding (for example a dialog whose header and footer run edge to edge). */
  padding?: string;
  /** 'dialog' focuses the panel itself on opening, not its first control: no keyboard popping up on
   * phones and no focus ring on the close button; Tab then enters the form. */
  initialFocus?: 'first-control' | 'dialog';
  /** Extra classes that do not compete with the layout's (display, gaps). */
  className?: string;
};

/** The overlay and the panel, in a portal. */
export function DialogContent({
  layout,
  width,
  padding,
  initialFocus = 'first-control',
  className,
  onOpenAutoFocus,
  children,
  ...props
}: ContentProps) {
  return (
    <Radix.Portal>
      {/* Overlay and panel share one layer: a dialog opened from a dialog portals later, so it lies on top. */}
      <Radix.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <Radix.Content
        {...props}
        onOpenAutoFocus={
          initialFocus === 'dialog'
            ? (event) => {
                event.preventDefault();
                (event.currentTarget as HTMLElement | null)?.focus();
              }
            : onOpenAutoFocus
        }
        className={cn(
          'fixed z-50 bg-background text-foreground focus:outline-none',
          LAYOUTS[layout],
          width ? WIDTHS[width] : null,
          padding ?? PADDINGS[layout],
          className,
        )}
      >
        {children}
      </Radix.Content>
    </Radix.Portal>
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentPropsWithoutRef<typeof Radix.Description>) {
  return <Radix.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

/** The × in a dialog's corner. */
export function DialogCloseButton({ label = 'Close', className }: { label?: string; className?: string }) {
  return (
    <Radix.Close aria-label={label} className={cn(buttonClasses('ghost', 'icon'), className)}>
      <X className="h-5 w-5" aria-hidden="true" />
    </Radix.Close>
  );
}

/** A title and the close button on one row, the description under them. */
export function DialogHeader({
  title,
  description,
  size = 'lg',
}: {
  title: ReactNode;
  description?: ReactNode;
  size?: 'lg' | 'xl';
}) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <Radix.Title className={cn('font-semibold', size === 'xl' ? 'text-xl' : 'text-lg')}>
          {title}
        </Radix.Title>
        <DialogCloseButton className="-mt-1 -mr-2" />
      </div>
      {description ? <DialogDescription className="mt-1">{description}</DialogDescription> : null}
    </>
  );
}
