"use client";

import { RadioGroup } from "radix-ui";
import * as React from "react";

import { segmentedItemClass, segmentedRootClass } from "@/components/ui/segmented-control-styles";
import { cn } from "@/lib/utils";

export interface SegmentedOption<T extends string> {
  value: T;
  label: string;
  icon?: React.ReactNode;
  /** Names the option for a focus handed over from the built page's plain version of the control. */
  carryFocus?: string;
}

/**
 * A single-choice control drawn as joined buttons: Radix's radio group underneath, so Tab reaches the
 * chosen option and the arrow keys (and Home/End) move the choice, as a radio group should.
 */
export function SegmentedControl<T extends string>({
  options,
  value,
  onValueChange,
  label,
  className,
}: {
  options: readonly SegmentedOption<T>[];
  value: T;
  onValueChange: (value: T) => void;
  label: string;
  className?: string;
}) {
  return (
    <RadioGroup.Root
      aria-label={label}
      value={value}
      onValueChange={(next) => onValueChange(next as T)}
      orientation="horizontal"
      loop
      className={cn(segmentedRootClass, className)}
    >
      {options.map((option) => (
        <RadioGroup.Item
          key={option.value}
          value={option.value}
          data-carry-focus={option.carryFocus}
          // Selection follows focus, as in any radio group: Radix checks an option reached by an arrow
          // key only while that key is still down, which a quick press can miss.
          onFocus={() => onValueChange(option.value)}
          className={segmentedItemClass}
        >
          {option.icon}
          {option.label}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
