/**
 * The outer element every card shares. Given `onSelect`, a card is a real `<button>` (focusable,
 * Enter/Space, visible focus ring); otherwise a labelled group. Inside, only `<span>`s are used
 * so the same markup is valid in both.
 */
import type { CSSProperties, ReactNode } from 'react';
import './cards.css';

/** What every card component accepts to become a control. */
export interface CardInteraction {
  /** Makes the card a button; called with the card's id. */
  onSelect?: ((id: string) => void) | undefined;
  /** Shown pressed (for example a member already activated in the heist). */
  selected?: boolean | undefined;
  /**
   * The card cannot be chosen now. It stays focusable (aria-disabled), so a reason given in
   * `children` is still read out.
   */
  disabled?: boolean | undefined;
  className?: string | undefined;
  /** Extra content at the foot of the card: a price, a reason, a control. */
  children?: ReactNode;
  /** The kind of move a click plays (`data-move-type`, for tests and the replay review). */
  moveType?: string | undefined;
  /** Ids of elements describing the card (a dimmed card's reason). */
  describedBy?: string | undefined;
}

interface CardFrameProps extends CardInteraction {
  id: string;
  kind: 'boss' | 'gangster' | 'heist' | 'snitch' | 'resource' | 'unknown';
  /** Short name for the group when the card is not a button. */
  label: string;
  /** State classes such as `is-engaged`. */
  states?: (string | false | undefined)[];
  style?: CSSProperties;
  body: ReactNode;
}

export function CardFrame({
  id,
  kind,
  label,
  states = [],
  style,
  body,
  onSelect,
  selected,
  disabled = false,
  className,
  children,
  moveType,
  describedBy,
}: CardFrameProps) {
  const classes = ['gcard', `gcard--${kind}`, ...states.filter(Boolean)];
  if (selected) classes.push('is-selected');
  if (disabled) classes.push('is-disabled');
  if (className) classes.push(className);
  const content = (
    <>
      {body}
      {children !== undefined && <span className="gcard__extra">{children}</span>}
    </>
  );
  if (onSelect) {
    return (
      <button
        type="button"
        className={classes.join(' ')}
        data-card={id}
        data-move-type={moveType}
        aria-describedby={describedBy}
        style={style}
        aria-pressed={selected === undefined ? undefined : selected}
        aria-disabled={disabled || undefined}
        onClick={() => {
          if (!disabled) onSelect(id);
        }}
      >
        {content}
      </button>
    );
  }
  return (
    // A labelled group, not a <fieldset>: a card holds no form controls.
    // biome-ignore lint/a11y/useSemanticElements: a <fieldset> is for form controls
    <div className={classes.join(' ')} data-card={id} style={style} role="group" aria-label={label}>
      {content}
    </div>
  );
}

/** Text for screen readers only. */
export function ScreenReaderText({ children }: { children: ReactNode }) {
  return <span className="gcard-sr-only">{children}</span>;
}
