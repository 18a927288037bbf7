import { Input } from "@/components/ui/input";
import { valueOfFilter, type ListFilterDescriptor } from "@/lib/validation/list-filters";

// A native select, styled like the text inputs: a GET form of these works before (and without) any script.
const selectClass = "select-field";

/**
 * A list's filters as the named fields of a GET form, one per descriptor (its URL parameter, label and choices), in
 * their places. A value the URL gave that a filter cannot use is said under its field, which starts blank.
 */
export function FilterFields({
  idPrefix,
  descriptors,
  values,
  refused = {},
}: {
  idPrefix: string;
  descriptors: readonly ListFilterDescriptor[];
  values: object;
  refused?: Readonly<Record<string, string>>;
}) {
  return [...descriptors]
    .sort((a, b) => a.control.place - b.control.place)
    .map((descriptor) => {
      const id = `${idPrefix}-${descriptor.key}`;
      const error = refused[descriptor.key];
      const described = [error && `${id}-error`, descriptor.control.kind === "text" && `${id}-hint`]
        .filter(Boolean)
        .join(" ");
      const common = {
        id,
        name: descriptor.param,
        defaultValue: valueOfFilter(values, descriptor) ?? "",
        "aria-invalid": error ? true : undefined,
        "aria-describedby": described || undefined,
      };
      // Each field is keyed by its value: it shows what the URL holds after a link (Clear) or back and forward, which
      // its default value alone would not, as the same form stays on the page.
      return (
        <div key={`${descriptor.key}=${common.defaultValue}`} className="grid content-start gap-1.5">
          <label htmlFor={id} className="text-sm font-medium">
            {descriptor.label}
          </label>
          {descriptor.control.kind === "text" ? (
            <>
              <Input
                {...common}
                type="search"
                placeholder={descriptor.control.placeholder}
                maxLength={descriptor.control.maxLength}
                autoComplete="off"
                spellCheck={false}
              />
              <span id={`${id}-hint`} className="sr-only">
                {descriptor.control.hint}
              </span>
            </>
          ) : (
            <select {...common} className={selectClass}>
              <option value="">{descriptor.control.any}</option>
              {descriptor.control.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
          {error && (
            <p id={`${id}-error`} className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
        </div>
      );
    });
}
