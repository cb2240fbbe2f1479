from django import forms
from django.contrib.auth.forms import UserCreationForm

from web.errors import ServiceError
from web.names import check_name


class SignUpForm(UserCreationForm):
    """Django's sign-up form, with the names people read on the site kept honest (``web.names``)."""

    def clean_username(self):
        username = super().clean_username()
        try:
            return check_name(username, what="a user name")
        except ServiceError as exc:
            raise forms.ValidationError(str(exc)) from None
