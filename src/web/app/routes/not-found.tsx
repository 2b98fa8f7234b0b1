import { NotFoundScreen } from "../../features/errors/not-found-screen.tsx";

export default function NotFoundRoute() {
  return <NotFoundScreen />;
}
