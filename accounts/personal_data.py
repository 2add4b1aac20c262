"""The registry of personal data: what each app stores about a user, how it is exported and how it is erased.

Each app that stores rows about a user has a module ``privacy`` (``social/chat/privacy.py``, ...) with:

- ``USER_FIELDS``: every field of the app's models that points to the user model (foreign key, one-to-one,
  many-to-many), as ``"app_label.Model.field"``, each with a ``UserField`` saying where the export lists
  those rows (or why it does not) and what the erasure does with them.
- ``export(user)``: the app's part of the export, a JSON-ready dict (the keys ``UserField.export`` names).
- ``erase(user)``: the app's part of the erasure, inside the deletion's transaction.
- ``leave(user)`` (optional): what must happen before anything is erased, through the app's own services
  (a seat in a game in progress resigned, a tournament withdrawn from).

The accounts service finds these modules through the app registry (``apps.get_app_configs()`` and an import
by name), so accounts never imports a feature app: the features import accounts, not the other way. The
``leave`` steps run first, then the ``erase`` steps, each in the reverse order of ``INSTALLED_APPS``: the
rooms built on top go before the ones they stand on (a tournament resigns its games before the games app
looks for games still in progress; the account row itself goes last). ``tests/accounts/test_privacy.py``
compares the declarations with every field that points to the user model in every installed model, so
a new model cannot be forgotten.
"""

import importlib
from dataclasses import dataclass, field

from django.apps import apps
from django.contrib.auth import get_user_model
from django.utils.module_loading import module_has_submodule

MODULE = "privacy"

# What the others read where the erased account wrote (chat lines, private messages), in every language:
# stored, as the message texts are, and shown escaped like any other.
ERASED_TEXT = "deleted"

DELETE = "delete"  # after the erasure, no row's field names the user (the rows are deleted, or the field set to none)
KEEP = "keep"  # the rows stay, naming the anonymised account ("deleted player N"), with ``cleared`` fields emptied


@dataclass(frozen=True)
class UserField:
    """One field that points to the user model, as the export and the erasure treat it."""

    export: str | None = None  # the key, in the app's export, of the list that holds these rows
    id_key: str = "id"  # the key of each listed entry that holds the row's primary key
    not_exported: str = ""  # why these rows are not in the export (when ``export`` is None)
    erase: str = DELETE
    why_kept: str = ""  # KEEP: why the rows must stay
    cleared: dict = field(default_factory=dict)  # KEEP: field name -> the value every such row holds afterwards


def user_fields():
    """Every installed model's field that points to the user model, as ``"app_label.Model.field"``."""
    user_model = get_user_model()
    found = []
    for model in apps.get_models():
        for model_field in model._meta.get_fields():
            if model_field.auto_created or not model_field.is_relation:
                continue
            if model_field.related_model is user_model:
                found.append(f"{model._meta.label}.{model_field.name}")
    return sorted(found)


def split(name):
    """``"app_label.Model.field"`` -> (the model class, the field name)."""
    label, model_name, field_name = name.split(".")
    return apps.get_model(label, model_name), field_name


def modules():
    """[(app label, privacy module)] of the installed apps, in the order of ``INSTALLED_APPS``."""
    found = []
    for config in apps.get_app_configs():
        if module_has_submodule(config.module, MODULE):
            found.append((config.label, importlib.import_module(f"{config.name}.{MODULE}")))
    return found


def declarations():
    """{"app_label.Model.field": (app label of the declaring module, UserField)}; a field declared twice is
    an error."""
    declared = {}
    for label, module in modules():
        for name, user_field in module.USER_FIELDS.items():
            if name in declared:
                raise ValueError(f"{name} is declared by both {declared[name][0]} and {label}")
            declared[name] = (label, user_field)
    return declared


def export(user):
    """Everything stored about ``user``: {app label: that app's export}."""
    return {label: module.export(user) for label, module in modules()}


def leave_and_erase(user):
    """The ``leave`` steps, then the ``erase`` steps, of every app (the caller holds the transaction)."""
    found = list(reversed(modules()))
    for _label, module in found:
        leave = getattr(module, "leave", None)
        if leave is not None:
            leave(user)
    for _label, module in found:
        module.erase(user)
