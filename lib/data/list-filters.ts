import "server-only";

import { Prisma } from "@/lib/generated/prisma/client";
import { valueOfFilter, type ListFilterDescriptor } from "@/lib/validation/list-filters";

/** The WHERE condition of every filter that narrows the list, one per filter set (none: an empty list). */
export function filterConditions(
  descriptors: readonly ListFilterDescriptor[],
  values: object,
  options: { perRow?: boolean } = {},
): Prisma.Sql[] {
  return descriptors.flatMap((descriptor) => {
    const value = valueOfFilter(values, descriptor);
    return value === undefined ? [] : [descriptor.where(value, Prisma.sql, options)];
  });
}
