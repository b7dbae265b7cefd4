"use client";

import { useTranslations } from "next-intl";
import { useEffect, useMemo } from "react";
import { SelectField, TextField } from "@/components/forms/fields";
import { FormButtons } from "@/components/forms/form-buttons";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { Card, CardContent } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { isSupersystemName } from "@/lib/auth/permissions";
import { createTaskAction, updateTaskAction } from "@/lib/scheduler/actions";
import { hasConfigPanel, type TaskFunctionName } from "@/lib/scheduler/functions";
import { isTaskFunctionName, type TaskDto, ZTaskEditForm, ZTaskForm } from "@/lib/scheduler/schemas";
import { TaskConfigPanel } from "./config-panels";
import { GroupCheckbox } from "./group-checkbox";
import { configFor, newTaskValues, taskValues, toTaskInput, type TaskFormValues as Values } from "./task-form-values";
import { TriggerFields } from "./trigger-fields";
import { useFunctionName } from "./use-function-name";

type Props = {
  system: { id: string; name: string };
  /** the functions this scheduler offers (functionsFor(isSuper)) */
  functions: readonly TaskFunctionName[];
  /** the task to edit; a new one when absent */
  task?: TaskDto;
  /** the portal's scheduler list, where the form returns */
  base: string;
  /** the server's time zone, in which the daily and weekly times count */
  timeZone: string;
};

/**
 * spec operations §2 "Task form": name, function, enabled, the triggers and the chosen function's configuration
 * panel; §4: changing the function clears the configuration, an internal task keeps its function; §5: every rule
 * under its field, all at once (the schema the services use).
 */
export function TaskForm({ system, functions, task, base, timeZone }: Props) {
  const t = useTranslations("scheduler");
  const functionName = useFunctionName();
  const { form, pending, submit, formErrors } = useActionForm<Values>({
    schema: task ? ZTaskEditForm : ZTaskForm,
    defaultValues: task ? taskValues(task, system.name) : newTaskValues(system),
    codes: {
      scheduler_error_nameExists: "name",
      scheduler_error_functionNotAllowed: "function",
      scheduler_error_internalFunction: "function",
    },
  });

  // spec §4: a new function starts with its own defaults; after a failed save every rule is checked again on change
  useEffect(() => {
    const { unsubscribe } = form.watch((_, { name }) => {
      if (name === "function") form.setValue("configuration", configFor(form.getValues("function")));
      if (form.formState.isSubmitted) void form.trigger();
    });
    return unsubscribe;
  }, [form]);

  const chosen = form.watch("function");
  const options = useMemo(() => {
    const names: string[] = [...functions];
    // a stored task may use a function this scheduler no longer offers (an internal one): it stays shown
    if (task && !names.includes(task.function)) names.unshift(task.function);
    return names.map((name) => ({ value: name, label: functionName(name) }));
  }, [functions, task, functionName]);

  const onSubmit = submit<unknown>(
    (values) => {
      const input = toTaskInput(values);
      return task ? updateTaskAction({ ...input, id: task.id }) : createTaskAction(input);
    },
    { saved: task ? t("scheduler_text_updated") : t("scheduler_text_added"), goTo: base },
  );

  return (
    <Form {...form}>
      <form method="post" onSubmit={onSubmit} noValidate data-testid="task-form">
        <Card className="max-w-3xl">
          <CardContent className="grid gap-5">
            <FormError errors={formErrors} />
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField<Values> name="name" label={t("name")} autoComplete="off" />
              <SelectField<Values>
                name="function"
                label={t("function")}
                emptyLabel={t("chooseFunction")}
                disabled={task?.isInternal}
                description={task?.isInternal ? t("functionFixed") : undefined}
                options={options}
              />
            </div>
            <GroupCheckbox<Values> name="disabled" label={t("enabled")} inverted />
            <TriggerFields timeZone={timeZone} />
            {isTaskFunctionName(chosen) && hasConfigPanel(chosen) && (
              <TaskConfigPanel key={chosen} fn={chosen} global={isSupersystemName(system.name)} />
            )}
          </CardContent>
          <FormButtons pending={pending} submitTestId="save-task" cancelHref={base} />
        </Card>
      </form>
    </Form>
  );
}
