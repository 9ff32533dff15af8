// The mark on a figure that rests on default thresholds (FTP 250 W, 5:00/km) rather than the athlete's own:
// the word "Estimate" and a link to set them in Settings (docs/zones.md, "Estimates from recordings").
import { Link } from 'react-router';
import { Badge } from '../ui/badge.tsx';

export const SET_THRESHOLDS_PATH = '/settings/metrics';

export function EstimateMark({ what = 'This figure' }: { what?: string }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5" data-testid="estimate-mark">
      <Badge variant="warning" className="px-1.5 text-[10px] uppercase">
        Estimate
      </Badge>
      <Link
        to={SET_THRESHOLDS_PATH}
        className="text-xs font-medium text-primary underline-offset-4 hover:underline"
        title={`${what} uses default thresholds (FTP 250 W, 5:00/km) until you set yours`}
      >
        Set thresholds
      </Link>
    </span>
  );
}
