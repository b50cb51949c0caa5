// A list screen's filter: a clearable select bound to one filter of the list's state (kept in the address). Its
// placeholder says what no choice means (« Toutes les années »), its label names it for screen readers, and it
// shares the row with the others on a wide screen, taking a line of its own on a phone.
import { Select, type ComboboxData } from '@mantine/core';

interface FilterList<F extends Record<string, string | null>> {
  state: { filters: F };
  setFilter: (key: keyof F, value: string | null) => void;
}

export function FilterSelect<F extends Record<string, string | null>>({
  list,
  name,
  label,
  placeholder,
  data,
  searchable,
  onChange,
  basis = 180,
}: {
  list: FilterList<F>;
  name: keyof F;
  label: string;
  /** Shown when nothing is chosen; the label by default. */
  placeholder?: string;
  data: ComboboxData;
  searchable?: boolean;
  /** Instead of setting the filter alone (a filter that clears another one). */
  onChange?: (value: string | null) => void;
  /** Width (px) it starts from before sharing the row. */
  basis?: number;
}) {
  return (
    <Select
      aria-label={label}
      placeholder={placeholder ?? label}
      clearable
      searchable={searchable}
      data={data}
      value={list.state.filters[name]}
      onChange={(v) => {
        const value = v == null ? null : String(v);
        if (onChange) onChange(value);
        else list.setFilter(name, value);
      }}
      style={{ flex: `1 1 ${basis}px`, minWidth: 0 }}
    />
  );
}
