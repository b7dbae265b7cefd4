import { redirect } from "next/navigation";

type Props = { params: Promise<{ system: string }> };

/** Named route systemLanding: the system's dashboard. */
export default async function SystemLanding({ params }: Props) {
  redirect(`/system/${(await params).system}/dashboard`);
}
