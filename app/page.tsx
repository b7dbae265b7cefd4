import { redirect } from "next/navigation";

/** spec foundation §2: / redirects to the system login. */
export default function Root() {
  redirect("/login");
}
