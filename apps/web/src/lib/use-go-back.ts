// Back goes one step back in the app's history. A page opened directly (a new tab, a bookmark) has no previous
// entry of ours to return to, so it goes home instead of leaving the site.
import { useLocation, useNavigate } from 'react-router';

export function useGoBack(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    if (location.key === 'default') navigate('/');
    else navigate(-1);
  };
}
