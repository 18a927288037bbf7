"use client";

import { RadioGroup } from "radix-ui";

import { ADMIN_ROLES, ROLE_INFO, type AdminRole } from "@/lib/auth/roles";
import { cn } from "@/lib/utils";

/**
 * The three roles as a radio group (Radix: Tab reaches the chosen one, the arrow keys move the choice),
 * each with one line on what it can do.
 */
export function RolePicker({
  id,
  value,
  onValueChange,
  disabled,
  className,
}: {
  id: string;
  value: AdminRole;
  onValueChange: (role: AdminRole) => void;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <div className={cn("grid gap-2", className)}>
      <p id={`${id}-legend`} className="text-sm font-medium">
        Role
      </p>
      <RadioGroup.Root
        aria-labelledby={`${id}-legend`}
        value={value}
        onValueChange={(next) => onValueChange(next as AdminRole)}
        disabled={disabled}
        className="grid gap-2"
      >
        {ADMIN_ROLES.map((role) => (
          <label
            key={role}
            htmlFor={`${id}-${role}`}
            className={cn(
              "flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent/40",
              "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
            )}
          >
            <RadioGroup.Item
              id={`${id}-${role}`}
              value={role}
              aria-labelledby={`${id}-${role}-label`}
              aria-describedby={`${id}-${role}-description`}
              // Selection follows focus, as in any radio group: Radix checks an option reached by an arrow
              // key only while that key is still down, which a quick press can miss.
              onFocus={() => onValueChange(role)}
              className="mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full border border-primary focus-visible:outline-none"
            >
              <RadioGroup.Indicator className="size-2 rounded-full bg-primary" />
            </RadioGroup.Item>
            <span className="grid gap-0.5">
              <span id={`${id}-${role}-label`} className="font-medium">
                {ROLE_INFO[role].label}
              </span>
              <span id={`${id}-${role}-description`} className="text-muted-foreground">
                {ROLE_INFO[role].description}
              </span>
            </span>
          </label>
        ))}
      </RadioGroup.Root>
    </div>
  );
}
