// The Volant mark: a steering wheel.
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <circle cx="16" cy="16" r="13" fill="none" stroke="#1677ff" strokeWidth="4" />
      <circle cx="16" cy="16" r="3.5" fill="#1677ff" />
      <path d="M4 15 H12.5 M19.5 15 H28 M16 19.5 V29" stroke="#1677ff" strokeWidth="3.5" strokeLinecap="round" />
    </svg>
  );
}
