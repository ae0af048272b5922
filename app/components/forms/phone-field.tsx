/**
 * Phone: a country picker and a national number. Submits `phoneCountry` (ISO code, e.g.
 * IN) and `phone` (the national number as typed).
 *
 * - Server HTML (and without JavaScript): a native `<select>` of common countries.
 * - Once hydrated: a WAI-ARIA combobox (editable, list autocomplete) in the same box.
 *   Until the form module arrives it offers the same short list; then every country.
 */
import {
  type ChangeEvent,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { DEFAULT_COUNTRY, MAX_PHONE_DIGITS } from "../../../common/limits.ts";
import { useFormModule } from "../../forms/load-form-module.ts";

import { useHydrated } from "../../lib/use-hydrated.ts";
import { controlProps, type FieldMeta, FieldLabel, FieldMessages, initialText } from "./field.tsx";

type Country = { code: string; name: string; dialCode: string };

/**
 * The countries offered without JavaScript and until the full list loads: India first,
 * then where most of our clients and applicants call from.
 */
const COMMON_COUNTRIES: readonly Country[] = [
  { code: "IN", name: "India", dialCode: "+91" },
  { code: "US", name: "United States", dialCode: "+1" },
  { code: "GB", name: "United Kingdom", dialCode: "+44" },
  { code: "SG", name: "Singapore", dialCode: "+65" },
  { code: "AE", name: "United Arab Emirates", dialCode: "+971" },
  { code: "DE", name: "Germany", dialCode: "+49" },
  { code: "JP", name: "Japan", dialCode: "+81" },
  { code: "KR", name: "South Korea", dialCode: "+82" },
  { code: "TW", name: "Taiwan", dialCode: "+886" },
  { code: "CN", name: "China", dialCode: "+86" },
  { code: "CA", name: "Canada", dialCode: "+1" },
  { code: "AU", name: "Australia", dialCode: "+61" },
  { code: "FR", name: "France", dialCode: "+33" },
  { code: "NL", name: "Netherlands", dialCode: "+31" },
  { code: "IL", name: "Israel", dialCode: "+972" },
  { code: "MY", name: "Malaysia", dialCode: "+60" },
];

/**
 * What the phone box keeps as the visitor types or pastes: digits, spaces and hyphens,
 * and no more than MAX_PHONE_DIGITS digits (later digits are dropped).
 */
export function sanitizePhoneInput(value: string): string {
  let digits = 0;
  let out = "";
  for (const ch of value) {
    if (ch >= "0" && ch <= "9") {
      if (digits === MAX_PHONE_DIGITS) continue;
      digits++;
      out += ch;
    } else if (ch === " " || ch === "-") {
      out += ch;
    }
  }
  return out;
}

// ── Country picker (combobox) ──────────────────────────────────────────────────────

function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();
}

/** Names that start with the query first, then names containing it; digits match dial codes. */
function filterCountries(list: readonly Country[], query: string): readonly Country[] {
  const q = fold(query).replace(/^\+\s*/, "");
  if (q === "") return list;
  const first: Country[] = [];
  const rest: Country[] = [];
  const digits = /^\d+$/.test(q);
  for (const country of list) {
    if (digits) {
      if (country.dialCode.slice(1).startsWith(q)) first.push(country);
      continue;
    }
    const name = fold(country.name);
    if (name.startsWith(q) || country.code.toLowerCase() === q) first.push(country);
    else if (name.includes(q)) rest.push(country);
  }
  return first.concat(rest);
}

/** The combobox's popup: the countries that match, or a line saying none does. */
function CountryList({
  open,
  items,
  active,
  country,
  listId,
  optionId,
  onChoose,
}: {
  open: boolean;
  items: readonly Country[];
  active: number;
  country: string;
  listId: string;
  optionId: (code: string) => string;
  onChoose: (code: string) => void;
}) {
  return (
    <div className="phone-field__popup" hidden={!open}>
      {/* The APG combobox pattern: focus stays in the box (aria-activedescendant), so
          the options need no focus or key handlers of their own. */}
      <div
        id={listId}
        role="listbox"
        aria-label="Countries"
        className="phone-field__list"
        // Keep focus in the box while choosing with a pointer.
        onMouseDown={(event) => event.preventDefault()}
      >
        {open
          ? items.map((item, index) => (
              <div
                key={item.code}
                id={optionId(item.code)}
                role="option"
                aria-selected={index === active}
                className={item.code === country ? "phone-field__option is-chosen" : "phone-field__option"}
                onClick={() => onChoose(item.code)}
              >
                <span>{item.name}</span> <span className="phone-field__dial">{item.dialCode}</span>
              </div>
            ))
          : null}
      </div>
      {open && items.length === 0 ? <p className="phone-field__empty">No entries to show</p> : null}
    </div>
  );
}

function CountryCombobox({
  country,
  countries,
  onChoose,
}: {
  country: string;
  countries: readonly Country[];
  onChoose: (code: string) => void;
}) {
  const baseId = useId();
  const listId = `${baseId}-list`;
  const chosenId = `${baseId}-chosen`;
  const optionId = (code: string) => `${baseId}-${code}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  // null: not searching; the box shows the chosen country.
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(-1);

  const items = useMemo(() => (query === null ? countries : filterCountries(countries, query)), [countries, query]);
  const chosen = countries.find((c) => c.code === country) ?? COMMON_COUNTRIES.find((c) => c.code === country);
  const display = chosen ? `${chosen.code} ${chosen.dialCode}` : country;
  const activeItem = open && active >= 0 ? items[active] : undefined;

  useEffect(() => {
    if (activeItem) document.getElementById(optionId(activeItem.code))?.scrollIntoView({ block: "nearest" });
  });

  function openList(which: "chosen" | "last") {
    setQuery(null);
    setOpen(true);
    const index = countries.findIndex((c) => c.code === country);
    setActive(which === "last" && index < 0 ? countries.length - 1 : Math.max(index, 0));
  }

  function close() {
    setOpen(false);
    setQuery(null);
    setActive(-1);
  }

  function choose(code: string) {
    onChoose(code);
    close();
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const value = event.currentTarget.value;
    setQuery(value);
    setOpen(true);
    setActive(filterCountries(countries, value).length > 0 ? 0 : -1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = items.length;
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!open) openList("chosen");
        else if (count > 0 && !event.altKey) setActive((active + 1) % count);
        break;
      case "ArrowUp":
        event.preventDefault();
        if (!open) openList("last");
        else if (count > 0) setActive((active - 1 + count) % count);
        break;
      case "Home":
      case "End":
        if (open && count > 0) {
          event.preventDefault();
          setActive(event.key === "Home" ? 0 : count - 1);
        }
        break;
      case "Enter":
        // Never submits the form from here while the list is open.
        if (open) {
          event.preventDefault();
          if (activeItem) choose(activeItem.code);
        }
        break;
      case "Escape":
        if (open || query !== null) {
          // Closes the list, not the dialog around the form.
          event.preventDefault();
          event.stopPropagation();
          close();
        }
        break;
    }
  }

  return (
    <div className="phone-field__picker">
      <input
        ref={inputRef}
        type="text"
        role="combobox"
        className="form-control phone-field__country-control"
        aria-label="Phone country code"
        aria-describedby={chosenId}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeItem ? optionId(activeItem.code) : undefined}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        placeholder="search"
        value={query ?? display}
        onChange={onChange}
        onKeyDown={onKeyDown}
        onFocus={(event) => event.currentTarget.select()}
        onClick={(event) => {
          if (open) return close();
          openList("chosen");
          event.currentTarget.select();
        }}
        onBlur={close}
      />
      <span id={chosenId} hidden>
        {chosen?.name ?? country}
      </span>
      <CountryList
        open={open}
        items={items}
        active={active}
        country={country}
        listId={listId}
        optionId={optionId}
        onChoose={choose}
      />
      <span className="form-visually-hidden" role="status">
        {open && items.length === 0 ? "No entries to show" : ""}
      </span>
    </div>
  );
}

// ── The field ──────────────────────────────────────────────────────────────────────

type PhoneFieldProps = {
  /** The number's field (`fields.phone`). */
  meta: FieldMeta;
  /** The country's field (`fields.phoneCountry`). */
  countryMeta: FieldMeta;
  /** Label of the number input. */
  label?: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  placeholder?: string;
  className?: string;
};

export function PhoneField({
  meta,
  countryMeta,
  label = "Phone",
  hint,
  required = true,
  placeholder = "Contact Number",
  className,
}: PhoneFieldProps) {
  const hydrated = useHydrated();
  const mod = useFormModule();
  const firstCountry = initialText(countryMeta) || DEFAULT_COUNTRY;
  const [country, setCountry] = useState(firstCountry);
  const telRef = useRef<HTMLInputElement>(null);

  const countries = useMemo(
    () => (mod ? mod.listCountries(document.documentElement.lang || "en") : COMMON_COUNTRIES),
    [mod],
  );

  // A country picked in the native select before hydration carries over to the picker.
  const selectRef = useCallback((select: HTMLSelectElement | null) => {
    if (!select) return;
    return () => {
      if (select.value) setCountry(select.value);
    };
  }, []);

  // form.reset() puts the picker back to the default country.
  useEffect(() => {
    const form = telRef.current?.form;
    if (!form) return;
    const onReset = () => setCountry(DEFAULT_COUNTRY);
    form.addEventListener("reset", onReset);
    return () => form.removeEventListener("reset", onReset);
  }, []);

  // Another country changes what the number means: once the hidden field holds it, an
  // input event on the number lets the form re-check it (if it was checked before).
  const shownCountry = useRef(country);
  useEffect(() => {
    if (shownCountry.current === country) return;
    shownCountry.current = country;
    telRef.current?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [country]);

  function onNumberChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const raw = input.value;
    // A pasted or autofilled "+44 7400 123456" picks the country and keeps the rest.
    const split = raw.trim().startsWith("+") ? mod?.splitInternational(raw) : null;
    if (split) {
      setCountry(split.country);
      input.value = split.national;
      return;
    }
    const clean = sanitizePhoneInput(raw);
    if (clean === raw) return;
    const caret = sanitizePhoneInput(raw.slice(0, input.selectionStart ?? raw.length)).length;
    input.value = clean;
    input.setSelectionRange(caret, caret);
  }

  return (
    <div className={className ? `form-field phone-field ${className}` : "form-field phone-field"}>
      <FieldLabel htmlFor={meta.id}>{label}</FieldLabel>
      <div className="phone-field__row">
        <div className="phone-field__country">
          {hydrated ? (
            <>
              <CountryCombobox country={country} countries={countries} onChoose={setCountry} />
              <input type="hidden" name={countryMeta.name} value={country} />
            </>
          ) : (
            <select
              ref={selectRef}
              name={countryMeta.name}
              defaultValue={country}
              aria-label="Phone country code"
              className="form-control phone-field__country-control phone-field__select"
            >
              {COMMON_COUNTRIES.map((c) => (
                <option key={c.code} value={c.code}>
                  {`${c.name} (${c.dialCode})`}
                </option>
              ))}
            </select>
          )}
        </div>
        <input
          {...controlProps(meta, Boolean(hint))}
          ref={telRef}
          type="tel"
          className="form-control phone-field__number"
          autoComplete="tel"
          inputMode="tel"
          placeholder={placeholder}
          required={required}
          defaultValue={initialText(meta)}
          onChange={onNumberChange}
        />
      </div>
      <FieldMessages meta={meta} hint={hint} />
    </div>
  );
}
