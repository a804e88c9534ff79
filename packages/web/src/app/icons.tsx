import type { SVGProps } from 'react';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'd'>;

/**
 * An outline icon (Heroicons style) from its paths, inlined so no icon font or sprite has to
 * load; `extra` sets the icon's own defaults (a bolder stroke), the caller's props win.
 */
/* #__NO_SIDE_EFFECTS__ */
export function outline(d: string | readonly string[], extra?: IconProps) {
  return function OutlineIcon(props: IconProps) {
    return (
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...extra}
        {...props}
      >
        {(typeof d === 'string' ? [d] : d).map((path) => (
          <path key={path} d={path} />
        ))}
      </svg>
    );
  };
}

export const CheckIcon = outline('m5 12.5 4.5 4.5L19 7.5');
export const CloseIcon = outline('M6 6l12 12M18 6 6 18');
export const InfoIcon = outline([
  'M12 11v5',
  'M12 7.5h.01',
  'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z',
]);
export const WarningIcon = outline([
  'M12 9v4',
  'M12 16.5h.01',
  'M10.3 3.9 2.5 17.5A2 2 0 0 0 4.2 20.5h15.6a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z',
]);
export const SendIcon = outline(['M5 12h13', 'm12 5 7 7-7 7'], { strokeWidth: 2.2 });
export const MenuIcon = outline(['M4 6h16', 'M4 12h16', 'M4 18h16']);
export const ThumbUpIcon = outline([
  'M7 11v9H4.5A1.5 1.5 0 0 1 3 18.5v-6A1.5 1.5 0 0 1 4.5 11H7Z',
  'M7 11l4-7.5a2 2 0 0 1 2.9 2.2L13 10h5.4a2 2 0 0 1 2 2.4l-1.3 6A2 2 0 0 1 17.1 20H7',
]);
export const ThumbDownIcon = outline([
  'M17 13V4h2.5A1.5 1.5 0 0 1 21 5.5v6a1.5 1.5 0 0 1-1.5 1.5H17Z',
  'M17 13l-4 7.5a2 2 0 0 1-2.9-2.2L11 14H5.6a2 2 0 0 1-2-2.4l1.3-6A2 2 0 0 1 6.9 4H17',
]);
export const LuggageIcon = outline([
  'M6.5 7h11A1.5 1.5 0 0 1 19 8.5v10a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 5 18.5v-10A1.5 1.5 0 0 1 6.5 7Z',
  'M9 7V4.5h6V7',
  'M9 11v5',
  'M15 11v5',
]);
export const PawIcon = outline([
  'M12 13c-3 0-5.5 3-5.5 5a2 2 0 0 0 2.5 2c1-.3 2-.6 3-.6s2 .3 3 .6a2 2 0 0 0 2.5-2c0-2-2.5-5-5.5-5Z',
  'M8 9.5a1.6 2 0 1 0 0-.1Z',
  'M16 9.5a1.6 2 0 1 0 0-.1Z',
  'M10.5 6a1.5 1.9 0 1 0 0-.1Z',
  'M13.5 6a1.5 1.9 0 1 0 0-.1Z',
]);
export const ChildIcon = outline([
  'M12 8a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z',
  'M7 11.5l5 1 5-1',
  'M12 12.5V16',
  'M9.5 21l2.5-5 2.5 5',
]);
export const LinkIcon = outline([
  'M14 4h6v6',
  'M20 4l-9 9',
  'M18 14v4.5a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 4 18.5v-11A1.5 1.5 0 0 1 5.5 6H10',
]);

export function Spinner({ className = 'size-4' }: { className?: string }) {
  return (
    <svg className={`animate-spin ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** The airline's mark: a plane rising over the Lovćen ridge, drawn here so nothing external loads. */
export function AirlineLogo({
  className = 'size-10',
  title,
}: {
  className?: string;
  title?: string;
}) {
  const a11y = title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true as const };
  return (
    <svg className={className} viewBox="0 0 48 48" {...a11y}>
      <rect width="48" height="48" rx="12" fill="#0b3b60" />
      <path d="M4 38 16 22l6 8 7-12 15 20Z" fill="#3f8fc9" />
      <path d="M16 22l6 8-3 .5-3-4.5-2.5 2.5Z M29 18l5 7-3-1-2-3-1.5 1.5Z" fill="#e6f2fb" />
      <path
        d="M13 16.5 33 10.6c1.6-.5 3 .9 2 2.1l-2.5 2.2-6.2 1.1 2.7 5.2-2.2.6-4.3-4.5-5.4 1 .6 2.4-1.7.5-2-3.2-3.4-.3.6-1.6Z"
        fill="#fff"
      />
    </svg>
  );
}
