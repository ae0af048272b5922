/** A monogram avatar: the person's initials on a colour picked from their name. */
const COLOURS = ["#33279a", "#5b4ce0", "#251b6e", "#0f7d6f", "#7a3f9d", "#1d5fa8"];

function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? "") : "";
  return (first + last).toUpperCase();
}

function colourOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return COLOURS[hash % COLOURS.length] ?? "#33279a";
}

export function Avatar({ name, size = 56 }: { name: string; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 56 56" aria-hidden="true" focusable="false" className="avatar">
      <circle cx="28" cy="28" r="28" fill={colourOf(name)} />
      <circle cx="28" cy="28" r="24" fill="none" stroke="#35d6c0" strokeWidth="1.5" strokeDasharray="3 4" />
      <text x="28" y="34" textAnchor="middle" fontSize="18" fontWeight="700" fill="#fff" fontFamily="inherit">
        {initialsOf(name)}
      </text>
    </svg>
  );
}
