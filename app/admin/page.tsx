import { redirect } from "next/navigation";

/** spec foundation §2: /admin redirects to the admin login. */
export default function AdminRoot() {
  redirect("/admin/login");
}
