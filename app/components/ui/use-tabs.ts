import { useId, useRef, useState, type KeyboardEvent } from "react";

/**
 * WAI-ARIA tabs with automatic activation: arrow keys (mirrored in right-to-left) move to the next or
 * previous tab, wrapping, and show it; Home and End jump to the first and last; only the selected tab is
 * in the Tab order. Spread `tabProps(i)` on each tab button and `panelProps(i)` on its panel.
 */
export function useTabs(count: number) {
  const prefix = useId();
  const [selected, setSelected] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (index: number) => `${prefix}tab-${index}`;
  const panelId = (index: number) => `${prefix}panel-${index}`;

  const select = (index: number) => {
    const next = (index + count) % count;
    setSelected(next);
    tabs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
    const moves: Record<string, number> = {
      [rtl ? "ArrowLeft" : "ArrowRight"]: index + 1,
      [rtl ? "ArrowRight" : "ArrowLeft"]: index - 1,
      Home: 0,
      End: count - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  const tabProps = (index: number) => ({
    ref: (element: HTMLButtonElement | null) => {
      tabs.current[index] = element;
    },
    type: "button" as const,
    role: "tab",
    id: tabId(index),
    "aria-selected": index === selected,
    "aria-controls": panelId(index),
    tabIndex: index === selected ? 0 : -1,
    onClick: () => setSelected(index),
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => onKeyDown(event, index),
  });

  const panelProps = (index: number) => ({ role: "tabpanel", id: panelId(index), "aria-labelledby": tabId(index) });

  return { selected, select, setSelected, tabProps, panelProps };
}
