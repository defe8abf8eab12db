import { cloneElement, isValidElement, type ReactNode } from 'react';

/**
 * An icon beside its own text, hidden from screen readers. antd's icons name themselves (role img,
 * aria-label "profile"), so a menu item read 「profile 我的任务」; the text alone names it (issue 28).
 */
export function silentIcon(icon: ReactNode): ReactNode {
  return isValidElement<{ 'aria-hidden'?: boolean }>(icon)
    ? cloneElement(icon, { 'aria-hidden': true })
    : icon;
}
