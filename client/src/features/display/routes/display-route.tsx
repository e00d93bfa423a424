import { useLocation, useParams, useSearchParams } from 'react-router';
import { DisplayView } from './display-view';

/** `/timer/:id` and `/timer/:id/:matchid` inside the site's router (links from other pages). */
export function DisplayRoute() {
  const { id = '', matchid } = useParams();
  const [search] = useSearchParams();
  const { hash } = useLocation();
  return <DisplayView id={id} {...(matchid ? { matchid } : {})} search={search} hash={hash} />;
}
