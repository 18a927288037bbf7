import { adminRoute } from "@/lib/auth/admin-route";
import { countSegment, createSegment, listSegments } from "@/lib/data/segments";
import { json } from "@/lib/http";
import { segmentSchema } from "@/lib/validation/broadcasts";

/** The saved segments, each with its live count (null for one whose filters no longer fit the list). */
export const GET = adminRoute({}, async ({ admin }) => {
  const segments = await listSegments(admin);
  const counts = await Promise.all(
    segments.map((segment) => (segment.filter ? countSegment(admin, segment.filter) : null)),
  );
  return json({ segments: segments.map((segment, index) => ({ ...segment, count: counts[index] })) });
});

/** Saves the list's search and filters under a name: `{ name, filter: { q, status, type, … } }` → 201 `{ id }`. */
export const POST = adminRoute({ body: segmentSchema, maxBytes: 16 * 1024 }, async ({ admin, body }) => {
  const { id } = await createSegment(admin, body);
  return json({ id }, { status: 201 });
});
