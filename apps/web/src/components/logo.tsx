/** The portal's mark: the Earth with a satellite on an inclined orbit. */
export function Logo({ size = 44 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" role="img" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="rs-logo-earth" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#5ec8ff" />
          <stop offset="1" stopColor="#1a6fd1" />
        </linearGradient>
      </defs>
      <circle cx="24" cy="24" r="13" fill="url(#rs-logo-earth)" />
      <path d="M15 20c3-1 5 1 7 0s3-4 6-3 3 3 5 3M14 27c3 0 4 2 7 2s4-3 7-2 4 2 6 1" stroke="#e9f7ff" strokeWidth="1.6" fill="none" />
      <ellipse cx="24" cy="24" rx="22" ry="8" transform="rotate(-28 24 24)" fill="none" stroke="#ffffff" strokeWidth="1.6" opacity="0.9" />
      <g transform="translate(38 9) rotate(-28)">
        <rect x="-2.5" y="-2.5" width="5" height="5" rx="1" fill="#ffd15c" />
        <rect x="-9" y="-1.6" width="5.5" height="3.2" fill="#ffffff" />
        <rect x="3.5" y="-1.6" width="5.5" height="3.2" fill="#ffffff" />
      </g>
    </svg>
  )
}
