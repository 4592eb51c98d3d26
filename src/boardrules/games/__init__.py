"""The games that ship with boardrules; each is a subpackage with a ``Game`` class."""
